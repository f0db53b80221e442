import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// jsdom has no layout; the router's scroll restoration only needs the call to exist.
window.scrollTo = () => {};

// A lazily loaded page is compiled on first import; on a busy 2-core CI machine that alone can pass the default
// 1 s of findBy*. Waiting longer changes nothing when the page is right, and a wrong page still fails.
configure({ asyncUtilTimeout: 5_000 });

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// jsdom has no layout; the router's scroll restoration only needs the call to exist.
window.scrollTo = () => {};

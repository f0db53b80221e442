import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-node-flags';

describe('SERVER_NODE_FLAGS', () => {
  it('are the flags npm start runs the bundled server with', () => {
    const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(pkg.scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} dist/server.mjs`);
  });
});

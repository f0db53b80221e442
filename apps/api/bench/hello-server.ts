/** The benchmark's baseline: a bare node:http hello-world on PORT (no framework, no database). */
import http from 'node:http';

const body = JSON.stringify({ message: 'hello' });
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));

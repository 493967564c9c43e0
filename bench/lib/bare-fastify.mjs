// A bare Fastify 5 JSON route: the ceiling the real API's throughput is compared with.
// Plain JavaScript run by plain node, like the built server. PORT comes from the runner.
// With BARE_FILE, `/file` sends that file's bytes as BARE_TYPE: the ceiling for the same
// answer bytes (the load generator's cost per response grows with a binary body's size).
import fs from 'node:fs';
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
if (process.env.BARE_FILE) {
  const bytes = fs.readFileSync(process.env.BARE_FILE);
  const type = process.env.BARE_TYPE ?? 'application/octet-stream';
  app.get('/file', async (_req, reply) => reply.type(type).send(bytes));
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`bare fastify listening on ${app.server.address().port}`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));

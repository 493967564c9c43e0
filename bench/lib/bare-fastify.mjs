// A bare Fastify 5 JSON route: the ceiling the real API's throughput is compared with.
// Plain JavaScript run by plain node, like the built server. PORT comes from the runner.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`bare fastify listening on ${app.server.address().port}`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));

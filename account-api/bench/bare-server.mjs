// The framework's own limit: a bare Fastify with the shape of get-user-info (a POST that answers
// a small JSON user), no plugins, no hooks, no logging. bench.mjs runs it beside the real API.
import Fastify from 'fastify';

// BARE_USER: the JSON user the real API answered (bench.mjs passes it), so both bodies are the same.
if (!process.env.BARE_USER) throw new Error('BARE_USER (the user JSON to answer) is not set');
const user = JSON.parse(process.env.BARE_USER);

const app = Fastify({ logger: false });
app.post('/get-user-info/', async () => user);
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close().then(() => process.exit(0)));

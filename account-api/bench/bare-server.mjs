// The framework's own limit: a bare Fastify with the shape of get-user-info (a POST that answers
// a small JSON user), no plugins, no hooks, no logging. bench.mjs runs it beside the real API.
import Fastify from 'fastify';

const user = {
  id: 1,
  username: 'bench',
  email: 'bench@example.com',
  email_verified: true,
  created_at: '2026-11-22T00:00:00.000Z',
  first_name: 'Bench',
  last_name: 'Mark',
  picture_url: null,
  dob: null,
  gender: null,
  phone: null,
  country: null,
  state: null,
  city: null,
  postal_code: null,
  street_address_1: null,
  street_address_2: null,
};

const app = Fastify({ logger: false });
app.post('/get-user-info/', async () => user);
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close().then(() => process.exit(0)));

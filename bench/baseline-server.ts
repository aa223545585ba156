/**
 * The comparison point for GET /api/properties/{id}: node:http and pg alone, the same query, the same
 * database, no framework. Usage: DATABASE_URL=… PORT=… node bench/baseline-server.ts
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const server = http.createServer((req, res) => {
  const m = /^\/api\/properties\/(\d+)$/.exec(req.url ?? '');
  if (!m) {
    res.writeHead(404).end();
    return;
  }
  pool
    .query('select * from properties where id = $1 and archived_at is null', [Number(m[1])])
    .then(({ rows }) => {
      if (!rows[0])
        return res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"message":"Property not found"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows[0]));
    })
    .catch(() => res.writeHead(503).end());
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));

// Serves the built web app from the same port as /api: hashed assets cached for a year, index.html
// never cached, and history-mode fallback to index.html for any other GET that wants HTML.
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../shared/api-request.js';

export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string | undefined }) => {
    const root = options.root;
    if (root) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        wildcard: false,
        index: false,
        // The web build writes .br and .gz beside each asset; send those to browsers that accept them.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, path) {
          const hashed =
            path.includes(`${join('/', 'assets', '/')}`) ||
            /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|jpg|webp)$/.test(path);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (root && request.method === 'GET' && !isApiRequest(request) && wantsHtml) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
      }
      return reply.code(404).send({ message: 'Not found.' });
    });
  },
  { name: 'web-app' },
);

// Serves the built web app from the same port as /api: hashed assets cached for a year, index.html
// never cached, and history-mode fallback to index.html for any other GET that wants HTML. The
// sign-in page without a query is the pre-rendered signin.html when the build wrote one: it paints
// and takes input before the app's code has loaded (apps/web/scripts/prerender.mjs).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../shared/api-request.js';

export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string | undefined }) => {
    const root = options.root;
    const prerendered = root !== undefined && existsSync(join(root, 'signin.html'));
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
        const page = prerendered && request.url === '/signin' ? 'signin.html' : 'index.html';
        return reply.header('cache-control', 'no-cache').sendFile(page, root);
      }
      return reply.code(404).send({ message: 'Not found.' });
    });
  },
  { name: 'web-app' },
);

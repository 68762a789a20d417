// Serves the built web app from the same port as /api: hashed assets cached for a year, index.html
// never cached, and history-mode fallback to index.html for any other GET that wants HTML. Where the
// build wrote them (apps/web/scripts/prerender.mjs), the sign-in page without a query is the
// pre-rendered signin.html (it paints and takes input before the app's code has loaded), and the
// public landscape /analytics, with or without a query, is analytics.html (its heading and text paint
// at once, the app takes it over to fetch and draw the figures).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../shared/api-request.js';

export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string | undefined }) => {
    const root = options.root;
    const built = (file: string) => root !== undefined && existsSync(join(root, file));
    const signin = built('signin.html');
    const analytics = built('analytics.html');
    /** The page that answers a GET of `url` that wants HTML. */
    const pageFor = (url: string) => {
      if (signin && url === '/signin') return 'signin.html';
      if (analytics && url.split('?')[0] === '/analytics') return 'analytics.html';
      return 'index.html';
    };
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
        return reply.header('cache-control', 'no-cache').sendFile(pageFor(request.url), root);
      }
      return reply.code(404).send({ message: 'Not found.' });
    });
  },
  { name: 'web-app' },
);

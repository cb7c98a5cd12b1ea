import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));
const domainSources = path.resolve(here, '../../packages/domain/src') + path.sep;
// `npm run dev` passes the server's PORT; the proxy follows it.
const server = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * The domain package builds zod schemas at module level, which a bundler must assume has side effects.
 * It has none: saying so lets a screen take a constant or a rule without pulling in every schema and zod.
 */
function domainWithoutSideEffects(): Plugin {
  return {
    name: 'reqloom:domain-without-side-effects',
    transform(_code, id) {
      return id.startsWith(domainSources) ? { moduleSideEffects: false } : null;
    },
  };
}

/**
 * Writes .br and .gz beside every text asset, so that a static server can send them precompressed
 * (@fastify/static `preCompressed`) at the best level without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'reqloom:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), domainWithoutSideEffects(), precompress()],
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: server },
      '/sanctum': { target: server },
      '/socket.io': { target: server, ws: true },
      '/collab': { target: server, ws: true },
    },
  },
});

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

/**
 * Chunks. Left to itself the bundler made a file of every set of screens that share modules: 164 files, 108 of them
 * under 3 kB, and a full load of the map asked for about a hundred. On the six connections a browser opens to one
 * server (HTTP/1.1) they queued for a second, with the first API reads behind them. So the libraries that two
 * screens or more share go in one file, and the app's own shared modules in another (45 files in all). The heavy
 * libraries of a few screens stay with them: the editor's (Tiptap, ProseMirror, Yjs, Hocuspocus) and the charts'.
 */
const HEAVY_LIBRARIES =
  /node_modules[\\/](@tiptap|prosemirror-|@mantine[\\/](tiptap|charts)|yjs|y-|lib0|@hocuspocus|recharts|d3-|victory-|socket\.io|engine\.io)/;
const APP_SOURCES = /[\\/](apps[\\/]web|packages[\\/]domain)[\\/]src[\\/]/;
const EDITOR_SOURCES = /[\\/](editor|collaboration)[\\/]/;
const sharedLibraries = (id: string) => id.includes('node_modules') && !HEAVY_LIBRARIES.test(id);
const sharedAppModules = (id: string) => APP_SOURCES.test(id) && !EDITOR_SOURCES.test(id);

export default defineConfig({
  plugins: [react(), domainWithoutSideEffects(), precompress()],
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
    // The shared libraries are one file of ~670 kB (174 kB with Brotli), loaded once and kept (immutable).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'libs', test: sharedLibraries, minShareCount: 2, priority: 2 },
            // Without their dependencies: an app module shared by two screens must not pull the editor in with it.
            {
              name: 'shared',
              test: sharedAppModules,
              minShareCount: 2,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
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

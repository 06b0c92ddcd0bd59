import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

const page = (name: string) => resolve(import.meta.dirname, 'web', `${name}.html`);

/** One build, four pages, served by the API process (src/modules/web). */
export default defineConfig({
  root: resolve(import.meta.dirname, 'web'),
  base: '/',
  plugins: [preact()],
  resolve: {
    alias: { '@shared': resolve(import.meta.dirname, 'web/src/shared'), '@core': resolve(import.meta.dirname, 'src/core') },
  },
  build: {
    outDir: resolve(import.meta.dirname, 'web/dist'),
    emptyOutDir: true,
    assetsDir: 'assets',
    rollupOptions: {
      input: { booking: page('booking'), app: page('app'), admin: page('admin'), superadmin: page('superadmin') },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});

import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'

// The Go server serves this build from web/dist (embedded); API calls are same-origin.
// In development, `KERF_API` points the dev server's proxy at a running `kerf serve`.
const api = process.env.KERF_API ?? 'http://127.0.0.1:8080'
const proxied = ['/api', '/connect', '/healthz', '/signalr-hubs', '/.well-known', '/openapi.json', '/swagger']

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Kerf',
        short_name: 'Kerf',
        theme_color: '#134ea3',
        background_color: '#ffffff',
        display: 'standalone',
        icons: [{ src: '/logo.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(api|connect|healthz|signalr-hubs|\.well-known|openapi\.json|swagger|metrics)/],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: true, ws: p === '/signalr-hubs' }])),
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // Vitest's default is one worker fewer than the CPUs: a single worker on CI's two cores,
    // where nothing else runs while the unit tests do.
    maxWorkers: '100%',
    environment: 'node',
    // Feature texts load on demand in the app (src/i18n); tests have them all at once.
    setupFiles: ['src/test/setup.ts'],
  },
})

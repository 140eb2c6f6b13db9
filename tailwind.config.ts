// Tailwind 4 is configured CSS-first (src/styles.css); this file only names the sources and the brand tokens,
// and is loaded from the stylesheet with `@config`.
import type { Config } from 'tailwindcss';

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        navy: { 700: '#1d2b4f', 800: '#16213d', 900: '#0f172e', 950: '#0a1022' },
        brand: { 400: '#fb923c', 500: '#f97316', 600: '#c2410c', 700: '#9a3412' },
      },
      fontFamily: {
        sans: ['Inter', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
      },
    },
  },
} satisfies Config;

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startEarly } from './app/earlyStart';
import { initI18n } from './i18n/i18n';

const FIRST_RENDER_CODE_WAIT_MS = 1000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The address's code and reads are on their way while the language settles.
const code = startEarly(window.location.pathname);

// The language (and its catalogue, for French) is settled before the first paint, so no screen flashes in English.
// If the French catalogue cannot be fetched, English (bundled) still gets the user in.
// The first render also waits for the address's code, for a second at most: a screen that renders at once shows
// no fallback, and React holds back what follows a fallback by 300 ms (issue 9 §5).
void Promise.all([initI18n().catch(() => undefined), Promise.race([code, delay(FIRST_RENDER_CODE_WAIT_MS)])]).then(
  () => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
);

import { sendEarlyReads } from './boot';

// The page's entry is small on purpose: the reads of the address leave at once (`boot.ts`), while the libraries
// and the app (`app/start.tsx`: styles, language, first render) are fetched and evaluated, about half a second on a
// full load of this 2-core machine.
sendEarlyReads();
void import('./app/start');

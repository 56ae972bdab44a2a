import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createDatabase } from './data/database.ts';
import { startFirstScreen } from './data/queries.ts';
import { pathWithinBase, readPageUrl } from '../core/page-url.ts';
import './styles/tokens.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

const database = createDatabase();
// The home page with no search, filter or page in its URL shows the newest episodes first.
const path = pathWithinBase(location.pathname, import.meta.env.BASE_URL);
startFirstScreen(
  database,
  path !== null && readPageUrl(path, new URLSearchParams(location.search)).isHomePage,
);

createRoot(root).render(
  <StrictMode>
    <App database={database} />
  </StrictMode>,
);

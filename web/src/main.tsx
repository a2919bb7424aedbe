import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { applyTheme, readTheme } from './lib/theme';
import { RouterProvider } from './router/router';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/editor.css';

applyTheme(readTheme());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider>
      <App />
    </RouterProvider>
  </StrictMode>,
);

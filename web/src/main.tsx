// First: only tracking parameters leave the address, before the router reads it.
import './app/clean-address.ts';
// Then the design tokens and base styles, before any component's styles.
import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);

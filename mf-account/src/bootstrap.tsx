import { createRoot } from 'react-dom/client';
import '@portal/shared-contracts/theme.css';
import { StandaloneApp } from './standalone/standalone-app';

// Standalone page for this remote's team: its pages without the shell.
const root = document.getElementById('root');
if (root) createRoot(root).render(<StandaloneApp />);

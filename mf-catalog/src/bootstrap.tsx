import { createRoot } from 'react-dom/client';
import 'shared-contracts/theme.css';
import { StandaloneApp } from './standalone/standalone-app';

// Standalone page for this remote's team: its pages without the shell.
createRoot(document.getElementById('root')!).render(<StandaloneApp />);

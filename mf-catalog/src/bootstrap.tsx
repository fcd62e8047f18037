import { createRoot } from 'react-dom/client';
import '@portal/shared-contracts/theme.css';
import { StandaloneApp } from './standalone/standalone-app';

// Standalone page for this remote's team: its pages without the shell.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<StandaloneApp />);

import { createRoot } from 'react-dom/client';
import 'shared-contracts/theme.css';
import { StandaloneApp } from './standalone/StandaloneApp';

// Standalone page for this remote's team: its pages without the shell.
createRoot(document.getElementById('root')!).render(<StandaloneApp />);

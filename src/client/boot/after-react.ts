// The first stage of the app's evaluation: React DOM (its own chunk, vite.config.ts), then a new task.
import 'react-dom/client';
import { nextTask } from './next-task.ts';

await nextTask();

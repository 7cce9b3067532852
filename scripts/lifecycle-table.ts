// Prints the lifecycle tables (docs/lifecycle.md holds them; a unit test keeps that file true).
import { cartonTable, packTable } from '../src/shared/lifecycle/table.js';

console.log(`${packTable()}\n\n${cartonTable()}`);

// A process that takes a data folder's ownership, says so on stdout, and holds it until killed.
import { takeOwnership } from '../../../../lib/platform/store/index.js';

const [dir] = process.argv.slice(2);
takeOwnership(dir!);
process.stdout.write('held\n');
setInterval(() => {}, 60_000);

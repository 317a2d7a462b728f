// dynalite in its own process, so the store and the API do not share one event loop (as in AWS,
// where DynamoDB is not inside the Lambda). Prints its port once listening; stops on SIGTERM.
const dynalite = require('dynalite');

const server = dynalite({ path: process.argv[2], createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);

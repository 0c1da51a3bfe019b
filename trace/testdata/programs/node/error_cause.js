function connect() {
  throw new Error('connection refused');
}

function start() {
  try {
    connect();
  } catch (err) {
    throw new Error('cannot start service', { cause: err });
  }
}

start();

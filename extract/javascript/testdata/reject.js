const { promisify } = require('util');

function load(path) {
  if (!path) return Promise.reject(new Error('path is required'));
  return new Promise((resolve, reject) => {
    fs.readFile(path, (err, data) => {
      if (err) {
        reject(err);
        return;
      }
      if (data.length === 0) reject(new Error(`empty file ${path}`));
      resolve(data);
    });
  });
}

function timeout(ms) {
  return new Promise(function (ok, fail) {
    setTimeout(() => fail(new TimeoutError('timed out after ' + ms + 'ms')), ms);
  });
}

function notAnExecutor(reject) {
  reject('not in an executor'); // a string: no error to deliver
}

function rejectString() {
  return Promise.reject('plain rejection');
}

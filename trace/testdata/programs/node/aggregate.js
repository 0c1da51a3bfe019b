Promise.any([
  Promise.reject(new Error('mirror a down')),
  Promise.reject(new TypeError('mirror b misconfigured')),
]).then(console.log);

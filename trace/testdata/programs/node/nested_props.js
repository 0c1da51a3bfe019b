'use strict';

// An HTTP client's error keeps the request it failed on: Node prints the
// error's own properties after its stack, objects nested in objects, and
// an error held in one of them with its stack.
class RequestError extends Error {
  constructor(message, request) {
    super(message);
    this.name = 'RequestError';
    this.request = request;
  }
}

function send(request) {
  throw new RequestError(`Request timed out: ${request.method} ${request.url}`, request);
}

const controller = new AbortController();
controller.abort(new Error('the deadline passed before the server answered'));
send({
  method: 'GET',
  url: 'http://127.0.0.1:8080/items',
  state: {
    keepalive: false,
    redirectCount: 0,
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'user-agent': 'client/1.0 (node)' },
    urlList: ['http://127.0.0.1:8080/items', 'http://127.0.0.1:8080/items?page=2'],
  },
  signal: controller.signal,
});

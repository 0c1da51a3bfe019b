class Store {
  constructor(dir) {
    if (!dir) throw new Error('dir is required');
  }
  get size() { throw new Error('size is not known'); }
  static open(dir) { throw new Error('cannot open ' + dir); }
  async load(key) {
    await Promise.all([1, 2].map(async (k) => {
      throw new Error(`cannot load ${key}/${k}`);
    }));
  }
  #secret() { throw new Error('private'); }
  handle = () => { throw new Error('field arrow'); };
}

function fetchUser(id) {
  setTimeout(function () { throw new Error('timeout for ' + id); }, 10);
}

const arrow = (x) => { throw new Error('arrow ' + x); };
let assigned;
assigned = function () { throw new Error('assigned'); };
exports.exported = function () { throw new Error('exported'); };
module.exports.deep = () => { throw new Error('deep'); };
Store.prototype.legacy = function () { throw new Error('prototype method'); };
const api = {
  get() { throw new Error('object method'); },
  post: function () { throw new Error('object function'); },
  nested: { put: () => { throw new Error('nested object arrow'); } },
};
(function () { throw new Error('iife'); })();
function* gen() { throw new Error('generator'); }
const Anon = class { run() { throw new Error('class expression'); } };
throw new Error('top level');

const fs = require('fs');

function readConfig(path) {
  return fs.readFileSync(path, 'utf8');
}

readConfig('/nonexistent/errdex/app.json');

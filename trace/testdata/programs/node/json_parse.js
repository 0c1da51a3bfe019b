const raw = '{"port": 80,}';
const settings = JSON.parse(raw);
console.log(settings);

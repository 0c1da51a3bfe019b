async function fetchUser(id) {
  await new Promise((resolve) => setTimeout(resolve, 1));
  throw new RangeError(`user id out of range: ${id}`);
}

async function main() {
  await fetchUser(-1);
}

main();

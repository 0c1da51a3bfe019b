'use strict';

function total(order) {
  return order.items.reduce((sum, item) => sum + item.price, 0);
}

console.log(total({}));

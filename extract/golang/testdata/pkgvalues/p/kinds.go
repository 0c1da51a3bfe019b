package p

const kindName = "widget"

// Label is read by another file of the package.
var Label = "label"

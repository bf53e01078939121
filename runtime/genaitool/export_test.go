package genaitool

// PartialArgs is partialArgs, for the external tests.
var PartialArgs = partialArgs

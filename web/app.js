// Placeholder: the page's script (replaced by the page's own branch).
"use strict";

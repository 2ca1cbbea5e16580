// Placeholder: drawing the board (replaced by the page's own branch).
"use strict";

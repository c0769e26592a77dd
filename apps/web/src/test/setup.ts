import { configure } from "@testing-library/react";

// findBy*/waitFor wait for what the user would see; on a busy two-core machine (CI with other
// work beside it) a render can take more than the library's 1 s default. Waiting longer never
// makes a passing test slower, only a failing one.
configure({ asyncUtilTimeout: 10_000 });

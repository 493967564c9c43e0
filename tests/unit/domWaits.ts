import { configure } from '@testing-library/react';

/*
 * A component test waits for a lazy widget's module, which vitest transforms the first time it
 * is asked for: over a second when CI's two cores are busy, and testing-library's `findBy…` and
 * `waitFor` give up after one (a menu-tree test failed so in a full run). A wait ends as soon as
 * what it waits for is there, so a passing test costs no more.
 */
configure({ asyncUtilTimeout: 10_000 });

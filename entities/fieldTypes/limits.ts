/** Most entries a list of ids, strings or codenames holds, whatever its declaration says. */
export const MAX_LIST = 1000;

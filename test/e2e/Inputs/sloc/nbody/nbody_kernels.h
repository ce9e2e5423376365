/* Fixture: one other line. */
int shared;

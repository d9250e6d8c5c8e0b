/// Statistics over completed sessions: periods, buckets, totals, averages and comparisons
/// (DESIGN §4). Pure: the calendar, the time zone and "now" are parameters.
public enum WorkoutStatsModule {}

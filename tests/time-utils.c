// SPDX-License-Identifier: GPL-2.0
/* Unit tests of util/time-utils (--time ranges). */
#include "tests/tests.h"
#include "util/time-utils.h"

DEFINE_SUITE(time_utils, "Time ranges (--time)")
{
	struct perf_time_interval *r;
	u64 ns;
	int n;
	char buf[64];

	TEST_ASSERT_VAL("seconds", parse_nsec_time("12", &ns) == 0 && ns == 12000000000ULL);
	TEST_ASSERT_VAL("fraction", parse_nsec_time("1.5", &ns) == 0 && ns == 1500000000ULL);
	TEST_ASSERT_VAL("nsec", parse_nsec_time("1.000000001", &ns) == 0 && ns == 1000000001ULL);
	TEST_ASSERT_VAL("junk", parse_nsec_time("1.5s", &ns) < 0);

	TEST_ASSERT_VAL("range", perf_time__parse_for_ranges("10.5,11", 0, 0, &r, &n) == 0 && n == 1);
	TEST_ASSERT_VAL("range values", r[0].start == 10500000000ULL && r[0].end == 11000000000ULL);
	TEST_ASSERT_VAL("inside", !perf_time__ranges_skip_sample(r, n, 10600000000ULL));
	TEST_ASSERT_VAL("before", perf_time__ranges_skip_sample(r, n, 10400000000ULL));
	TEST_ASSERT_VAL("after", perf_time__ranges_skip_sample(r, n, 11000000001ULL));
	free(r);

	TEST_ASSERT_VAL("open ranges", perf_time__parse_for_ranges(",2 5,", 0, 0, &r, &n) == 0 && n == 2);
	TEST_ASSERT_VAL("open start", r[0].start == 0 && r[0].end == 2000000000ULL);
	TEST_ASSERT_VAL("open end", r[1].start == 5000000000ULL && r[1].end == 0);
	TEST_ASSERT_VAL("in second", !perf_time__ranges_skip_sample(r, n, 9000000000ULL));
	TEST_ASSERT_VAL("between", perf_time__ranges_skip_sample(r, n, 3000000000ULL));
	free(r);

	TEST_ASSERT_VAL("slice", perf_time__parse_for_ranges("10%/2", 1000, 2000, &r, &n) == 0 && n == 1);
	TEST_ASSERT_VAL("slice values", r[0].start == 1100 && r[0].end == 1200);
	free(r);
	TEST_ASSERT_VAL("percent ranges",
			perf_time__parse_for_ranges("0%-10%,30%-40%", 1000, 2000, &r, &n) == 0 && n == 2);
	TEST_ASSERT_VAL("percent values", r[0].start == 1000 && r[0].end == 1100 &&
					  r[1].start == 1300 && r[1].end == 1400);
	free(r);

	TEST_ASSERT_VAL("bad", perf_time__parse_for_ranges("abc", 0, 0, &r, &n) < 0);
	TEST_ASSERT_VAL("reversed", perf_time__parse_for_ranges("5,4", 0, 0, &r, &n) < 0);
	TEST_ASSERT_VAL("percent without sample times", perf_time__parse_for_ranges("10%/1", 0, 0, &r, &n) < 0);
	TEST_ASSERT_VAL("slice too far", perf_time__parse_for_ranges("50%/3", 1, 2, &r, &n) < 0);

	timestamp__scnprintf_usec(1234567890123ULL, buf, sizeof(buf));
	TEST_ASSERT_STR("usec", buf, "1234.567890");
	timestamp__scnprintf_nsec(1234567890123ULL, buf, sizeof(buf));
	TEST_ASSERT_STR("nsec", buf, "1234.567890123");
	return TEST_OK;
}

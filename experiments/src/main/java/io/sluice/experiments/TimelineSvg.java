package io.sluice.experiments;

import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link Timeline} as SVG, by hand: the key's presence as a lane (green present, red gaps,
 * grey before the first write), the instants the table changed as ticks above it, in two panels: the
 * run, and {@value #ZOOM_MILLIS} ms around a gap of median length (or around a commit when there is
 * no gap) with each poll marked. Gaps and ticks are at least a pixel wide, so a sub-millisecond gap in a
 * run of seconds stays visible.
 */
final class TimelineSvg {
    static final long ZOOM_MILLIS = 50;
    private static final int WIDTH = 960;
    private static final int LEFT = 80;
    private static final int PLOT_WIDTH = WIDTH - LEFT - 20;
    private static final int TITLE_HEIGHT = 30;
    private static final int PANEL_HEIGHT = 100;
    private static final String PRESENT = "#43a047";
    private static final String GAP = "#e53935";
    private static final String NOT_WRITTEN = "#bdbdbd";
    private static final String TICK = "#1e3a8a";

    private final Timeline timeline;
    private final long firstPresentMicros;
    private final StringBuilder svg = new StringBuilder();

    private TimelineSvg(Timeline timeline) {
        this.timeline = timeline;
        this.firstPresentMicros = timeline.observations().stream().filter(Observation::present)
                .mapToLong(Observation::timeMicros).findFirst().orElse(Long.MAX_VALUE);
    }

    static String render(Timeline timeline, String title) {
        return new TimelineSvg(timeline).document(title);
    }

    private String document(String title) {
        int height = TITLE_HEIGHT + 2 * PANEL_HEIGHT + 30;
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                + "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
                WIDTH, height, WIDTH, height));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        text(LEFT, 20, escape(title), "font-size=\"14\" font-weight=\"bold\"");
        long start = overviewStart();
        long end = Math.max(timeline.endMicros(), start + 1);
        panel(TITLE_HEIGHT, start, end, "The run, from just before the first commit", false);
        // The focus sits a fifth into the window: a gap is seen with what came before it.
        long from = Math.max(timeline.startMicros(),
                Math.min(zoomFocus() - ZOOM_MILLIS * 200, end - ZOOM_MILLIS * 1000));
        long to = Math.min(end, from + ZOOM_MILLIS * 1000);
        String focus = timeline.gaps().isEmpty() ? "around a commit" : "around a gap of median length";
        panel(TITLE_HEIGHT + PANEL_HEIGHT, from, to, "Zoom: " + ZOOM_MILLIS + " ms (" + focus + "); dots are polls",
                true);
        legend(TITLE_HEIGHT + 2 * PANEL_HEIGHT + 16);
        return svg.append("</svg>\n").toString();
    }

    /**
     * Planning the job can take much longer than running it; the polls before the first commit all look
     * alike, so the overview starts a twentieth of the active time before it.
     */
    private long overviewStart() {
        List<Long> commits = timeline.commitMicros();
        if (commits.isEmpty()) {
            return timeline.startMicros();
        }
        long firstCommit = commits.get(0);
        return Math.max(timeline.startMicros(), firstCommit - (timeline.endMicros() - firstCommit) / 20);
    }

    private long zoomFocus() {
        if (timeline.medianGap().isPresent()) {
            return timeline.medianGap().get().startMicros();
        }
        List<Long> commits = timeline.commitMicros();
        return commits.isEmpty() ? (timeline.startMicros() + timeline.endMicros()) / 2
                : commits.get(commits.size() / 2);
    }

    private void panel(int top, long from, long to, String caption, boolean showPolls) {
        Scale scale = new Scale(from, to);
        text(LEFT, top + 14, escape(caption), "");
        text(LEFT - 8, top + 32, "flushes", "text-anchor=\"end\"");
        text(LEFT - 8, top + 53, "key " + ChangelogGenerator.KEY, "text-anchor=\"end\"");
        lane(scale, top + 38);
        ticks(scale, top + 22);
        if (showPolls) {
            polls(scale, top + 66);
        }
        axis(scale, top + 84);
    }

    private void lane(Scale scale, int y) {
        rect(scale.x(scale.from), scale.x(Math.min(firstPresentMicros, scale.to)), y, NOT_WRITTEN);
        if (firstPresentMicros < scale.to) {
            rect(scale.x(Math.max(firstPresentMicros, scale.from)), scale.x(scale.to), y, PRESENT);
        }
        double drawnUntil = -1;
        for (Gap gap : timeline.gaps()) {
            if (gap.endMicros() < scale.from || gap.startMicros() > scale.to) {
                continue;
            }
            double x0 = scale.x(Math.max(gap.startMicros(), scale.from));
            double x1 = Math.max(scale.x(Math.min(gap.endMicros(), scale.to)), x0 + 1);
            if (x1 > drawnUntil) {
                rect(Math.max(x0, drawnUntil), x1, y, GAP);
                drawnUntil = x1;
            }
        }
    }

    /** One path for all ticks: thousands of commits would otherwise be thousands of elements. */
    private void ticks(Scale scale, int y) {
        StringBuilder path = new StringBuilder();
        double lastX = -1;
        for (long commit : timeline.commitMicros()) {
            double x = Math.round(scale.x(commit) * 2) / 2.0;
            if (commit >= scale.from && commit <= scale.to && x != lastX) {
                path.append(String.format(Locale.ROOT, "M%.1f %dv12", x, y));
                lastX = x;
            }
        }
        svg.append("<path class=\"ticks\" d=\"").append(path).append("\" stroke=\"").append(TICK)
                .append("\" stroke-width=\"1\"/>\n");
    }

    private void polls(Scale scale, int y) {
        for (Observation observation : timeline.observations()) {
            if (observation.timeMicros() >= scale.from && observation.timeMicros() <= scale.to) {
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"1.5\" fill=\"%s\"/>\n",
                        scale.x(observation.timeMicros()), y, colour(observation)));
            }
        }
    }

    private String colour(Observation poll) {
        return poll.present() ? PRESENT : poll.timeMicros() < firstPresentMicros ? NOT_WRITTEN : GAP;
    }

    private void axis(Scale scale, int y) {
        double spanMillis = (scale.to - scale.from) / 1000.0;
        String format = spanMillis < 100 ? "%.1f ms" : "%.0f ms";
        for (int i = 0; i <= 4; i++) {
            long time = scale.from + (scale.to - scale.from) * i / 4;
            String label = String.format(Locale.ROOT, format, (time - timeline.startMicros()) / 1000.0);
            String anchor = i == 0 ? "start" : i == 4 ? "end" : "middle";
            text(scale.x(time), y, label, "text-anchor=\"" + anchor + "\" fill=\"#555\"");
        }
    }

    private void legend(int y) {
        String[][] entries = {{PRESENT, "key present"}, {GAP, "gap: key absent after it was written"},
                {NOT_WRITTEN, "not written yet"}, {TICK, "table changed (a flush committed)"}};
        double x = LEFT;
        for (String[] entry : entries) {
            svg.append(String.format(Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", x, y - 9, entry[0]));
            text(x + 14, y, entry[1], "");
            x += 24 + 6.5 * entry[1].length();
        }
    }

    private void rect(double x0, double x1, int y, String fill) {
        if (x1 > x0) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"22\" "
                    + "fill=\"%s\"/>\n", x0, y, x1 - x0, fill));
        }
    }

    private void text(double x, int y, String content, String attributes) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" %s>%s</text>\n", x, y, attributes, content));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** Maps a time window onto the plot's width. */
    private record Scale(long from, long to) {
        double x(long micros) {
            return LEFT + (double) (micros - from) / Math.max(1, to - from) * PLOT_WIDTH;
        }
    }
}

package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class TimelineSvgTest {
    private static final String GAP_RED = "#e53935";

    @Test
    void drawsTheGapsInRedAndEveryCommitAsATickInBothPanels() throws Exception {
        Document svg = parse(TimelineSvg.render(new Timeline(TimelineTest.OBSERVATIONS), "postgres <A> & co"));

        // Both panels cover the whole 8 ms run: two gaps and five commit ticks each.
        assertThat(elements(svg, "rect")).filteredOn(rect -> rect.getAttribute("fill").equals(GAP_RED)
                && rect.getAttribute("height").equals("22")).hasSize(4);
        assertThat(elements(svg, "path")).hasSize(2)
                .allSatisfy(ticks -> assertThat(ticks.getAttribute("d").split("M")).hasSize(1 + 5));
        assertThat(svg.getDocumentElement().getTextContent()).contains("postgres <A> & co", "key 1001",
                "around a gap of median length");
    }

    @Test
    void marksEveryPollInTheZoomedPanelInTheColourOfWhatItSaw() throws Exception {
        Document svg = parse(TimelineSvg.render(new Timeline(TimelineTest.OBSERVATIONS), "run"));

        List<Element> polls = elements(svg, "circle");
        assertThat(polls).hasSize(TimelineTest.OBSERVATIONS.size());
        assertThat(polls).filteredOn(circle -> circle.getAttribute("fill").equals(GAP_RED)).hasSize(4);
    }

    @Test
    void aRunWithoutGapsHasNoRedInTheLaneAndZoomsOnACommit() throws Exception {
        List<Observation> alwaysPresent = List.of(new Observation(0, 1L, 1), new Observation(1_000, 1L, 1),
                new Observation(2_000, 2L, 2));

        Document svg = parse(TimelineSvg.render(new Timeline(alwaysPresent), "run"));

        assertThat(elements(svg, "rect")).noneMatch(rect -> rect.getAttribute("fill").equals(GAP_RED)
                && rect.getAttribute("height").equals("22"));
        assertThat(svg.getDocumentElement().getTextContent()).contains("around a commit");
    }

    @Test
    void aSubMillisecondGapInALongRunIsStillAPixelWide() throws Exception {
        List<Observation> longRun = new ArrayList<>();
        for (long millis = 0; millis <= 10_000; millis++) {
            longRun.add(new Observation(millis * 1000, millis == 5_000 ? null : 1L, 1));
        }

        Document svg = parse(TimelineSvg.render(new Timeline(longRun), "run"));

        assertThat(elements(svg, "rect")).filteredOn(rect -> rect.getAttribute("fill").equals(GAP_RED)
                        && rect.getAttribute("height").equals("22"))
                .allMatch(rect -> Double.parseDouble(rect.getAttribute("width")) >= 1.0);
    }

    private static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<Element> elements(Document svg, String name) {
        NodeList nodes = svg.getElementsByTagName(name);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            elements.add((Element) nodes.item(i));
        }
        return elements;
    }
}

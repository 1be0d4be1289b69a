package dev.gpushare.engine.render.internal;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class PaletteProperties {

    @Property
    void upToTwentyNamesNeverShareAColour(
            @ForAll @Size(max = 20) Set<@AlphaChars @StringLength(min = 1, max = 12) String> names) {
        Map<String, String> fills = Palette.assign(names);
        assertThat(fills.keySet()).isEqualTo(names);
        assertThat(new HashSet<>(fills.values())).hasSize(names.size());
    }

    @Property
    void theColourDependsOnTheNamesNotOnTheirOrder(
            @ForAll @Size(max = 30) List<@AlphaChars @StringLength(min = 1, max = 12) String> names) {
        List<String> reversed = new java.util.ArrayList<>(names);
        java.util.Collections.reverse(reversed);
        assertThat(Palette.assign(reversed)).isEqualTo(Palette.assign(names));
    }

    @Property
    void aNameAloneGetsItsOwnHashedColour(@ForAll @AlphaChars @StringLength(min = 1, max = 12) String name) {
        int own = (int) (Palette.fnv1a(name) % Palette.FILLS.size());
        assertThat(Palette.assign(List.of(name))).containsEntry(name, Palette.FILLS.get(own));
    }
}

package org.wharfmq.store.contract;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * The rules of docs/design.md that hold for every backend, written once: a backend's
 * ArchitectureTest takes them with {@code @ArchTest static final ArchTests BACKEND = ArchTests.in(BackendRules.class)}.
 */
public final class BackendRules {
    private static final String STORE = "org.wharfmq.store.";

    /** A backend knows nothing of JMS. */
    @ArchTest
    public static final ArchRule KNOWS_NOTHING_OF_JMS = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("jakarta.jms..", "org.wharfmq.jms..");

    /** A backend uses the SPI and its model, never another backend's classes. */
    @ArchTest
    public static final ArchRule USES_NO_OTHER_BACKEND = classes().should(new ArchCondition<JavaClass>(
            "use no other backend's classes") {
        @Override
        public void check(JavaClass c, ConditionEvents events) {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String from = backendOf(d.getOriginClass().getPackageName());
                String to = backendOf(d.getTargetClass().getPackageName());
                if (from != null && to != null && !from.equals(to)) {
                    events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                }
            }
        }
    });

    private BackendRules() {
    }

    /** The backend of a package {@code org.wharfmq.store.<backend>..}; null for the SPI, its model, and the rest. */
    static String backendOf(String packageName) {
        if (!packageName.startsWith(STORE)) {
            return null;
        }
        String rest = packageName.substring(STORE.length());
        int dot = rest.indexOf('.');
        String first = dot < 0 ? rest : rest.substring(0, dot);
        return first.equals("model") ? null : first;
    }
}

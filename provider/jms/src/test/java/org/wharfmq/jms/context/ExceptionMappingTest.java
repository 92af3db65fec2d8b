package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.Stream;
import jakarta.jms.IllegalStateException;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.InvalidClientIDRuntimeException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.InvalidSelectorRuntimeException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.MessageEOFException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.MessageNotWriteableRuntimeException;
import jakarta.jms.ResourceAllocationException;
import jakarta.jms.ResourceAllocationRuntimeException;
import jakarta.jms.TransactionInProgressException;
import jakarta.jms.TransactionInProgressRuntimeException;
import jakarta.jms.TransactionRolledBackException;
import jakarta.jms.TransactionRolledBackRuntimeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfContext;
import org.wharfmq.jms.testing.TestStores;

/** WharfContext.runtime: every checked JMS exception becomes its runtime twin. */
class ExceptionMappingTest {

    static Stream<Arguments> twins() {
        return Stream.of(
                Arguments.of(new IllegalStateException("m", "c"), IllegalStateRuntimeException.class),
                Arguments.of(new InvalidClientIDException("m", "c"), InvalidClientIDRuntimeException.class),
                Arguments.of(new InvalidDestinationException("m", "c"), InvalidDestinationRuntimeException.class),
                Arguments.of(new InvalidSelectorException("m", "c"), InvalidSelectorRuntimeException.class),
                Arguments.of(new JMSSecurityException("m", "c"), JMSSecurityRuntimeException.class),
                Arguments.of(new MessageFormatException("m", "c"), MessageFormatRuntimeException.class),
                Arguments.of(new MessageNotWriteableException("m", "c"), MessageNotWriteableRuntimeException.class),
                Arguments.of(new ResourceAllocationException("m", "c"), ResourceAllocationRuntimeException.class),
                Arguments.of(new TransactionInProgressException("m", "c"),
                        TransactionInProgressRuntimeException.class),
                Arguments.of(new TransactionRolledBackException("m", "c"),
                        TransactionRolledBackRuntimeException.class),
                Arguments.of(new JMSException("m", "c"), JMSRuntimeException.class),
                Arguments.of(new MessageEOFException("m", "c"), JMSRuntimeException.class));
    }

    @ParameterizedTest
    @MethodSource("twins")
    void checkedExceptionBecomesItsRuntimeTwin(JMSException checked, Class<?> twin) {
        assertEquals(twin, WharfContext.runtime(checked).getClass());
    }

    @Test
    void runtimeTwinKeepsMessageErrorCodeAndCause() {
        IllegalStateException checked = new IllegalStateException("session is closed", "CLOSED");
        JMSRuntimeException twin = WharfContext.runtime(checked);
        assertEquals("session is closed", twin.getMessage());
        assertEquals("CLOSED", twin.getErrorCode());
        assertSame(checked, twin.getCause());
    }

    @Test
    void wrongPasswordIsJMSSecurityRuntimeException() {
        WharfConnectionFactory guarded = new WharfConnectionFactory(
                TestStores.withOptions(TestStores.url("guarded"), "user=alice&password=secret"));
        assertThrows(JMSSecurityRuntimeException.class, () -> guarded.createContext("alice", "guess"));
    }
}

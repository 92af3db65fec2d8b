package org.wharfmq.ra.it;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;

/**
 * Inserts a row for each message into the rows database, in the container's XA transaction that
 * also deletes the message from Wharf: two resources, so the server commits in two phases.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = RowsMdb.QUEUE),
    @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "8"),
    @ActivationConfigProperty(propertyName = "visibilityTimeout", propertyValue = "10")})
public class RowsMdb implements MessageListener {
    static final String QUEUE = "it-xa-rows";
    static final String ROWS = "java:app/jdbc/rows";

    @Resource(lookup = ROWS)
    private DataSource rows;

    @Override
    public void onMessage(Message m) {
        try (Connection c = rows.getConnection();
                PreparedStatement insert = c.prepareStatement("INSERT INTO " + RowsDatabase.TABLE + " (TEXT) VALUES (?)")) {
            insert.setString(1, ((TextMessage) m).getText());
            insert.executeUpdate();
        } catch (SQLException | JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}

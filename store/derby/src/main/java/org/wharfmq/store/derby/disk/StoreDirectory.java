package org.wharfmq.store.derby.disk;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/**
 * Keeps a store's directory to its owner (docs/security.md). With
 * {@code derby.storage.useDefaultFilePermissions=false}, which {@link Database} sets unless the user
 * set it, Derby creates a new store's directory 700 and each file in it 600. An existing directory keeps its permissions, with a warning if others may read it.
 */
final class StoreDirectory {
    static final String DEFAULT_PERMISSIONS = "derby.storage.useDefaultFilePermissions";
    private static final Logger LOG = LoggerFactory.getLogger(StoreDirectory.class);
    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private StoreDirectory() {
    }

    /**
     * Readies {@code dir} for Derby: an existing store keeps its permissions, with a warning if others
     * may read it; an empty directory is removed, as Derby creates the store's directory itself.
     */
    static void prepare(File dir) {
        String before = openToOthers(dir);
        String[] entries = dir.list();
        if (entries != null && entries.length == 0 && !dir.delete()) {
            throw new QueueServiceException(ErrorCodes.SERVICE_UNAVAILABLE,
                    "cannot use the empty directory " + dir + " for a store");
        }
        if (dir.exists()) {
            if (before != null) {
                LOG.warn("store directory {} is {}: others than its owner may read the messages in it; Wharf"
                        + " leaves its permissions as they are (chmod -R go-rwx {} keeps it to its owner)", dir,
                        before, dir);
            }
            return;
        }
        if (before != null) {
            LOG.warn("the empty directory {} ({}) is replaced by the new store's, whose permissions Derby sets",
                    dir, before);
        }
        beforeCreate(dir);
    }

    /**
     * Before Derby creates a store in {@code dir}: on a POSIX file system that refuses to change
     * permissions (FAT mounted without {@code quiet}, say) Derby could not create owner-only files, and
     * would fail; there Derby is told to use the default permissions, for every store of this JVM.
     */
    private static void beforeCreate(File dir) {
        if (!"false".equals(System.getProperty(DEFAULT_PERMISSIONS))) {
            return;
        }
        Path existing = dir.getAbsoluteFile().toPath();
        while (existing != null && !Files.isDirectory(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || Files.getFileAttributeView(existing, PosixFileAttributeView.class) == null) {
            return;
        }
        Path probe;
        try {
            probe = Files.createTempFile(existing, ".wharf-permissions", null);
        } catch (IOException | UnsupportedOperationException e) {
            return; // Derby cannot create the store here either, and will say why.
        }
        try {
            Files.setPosixFilePermissions(probe, EnumSet.of(PosixFilePermission.OWNER_READ,
                    PosixFilePermission.OWNER_WRITE));
        } catch (IOException | UnsupportedOperationException e) {
            System.setProperty(DEFAULT_PERMISSIONS, "true");
            LOG.warn("the file system of {} does not take file permissions ({}): the new store there, and"
                    + " every store this JVM creates files for from now on, gets the default permissions", dir, e);
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException e) {
                LOG.warn("cannot delete {}: {}", probe, e.toString());
            }
        }
    }

    /** True if the existing directory {@code dir} cannot be written, or its file system is read-only. */
    static boolean readOnly(File dir) {
        Path p = dir.toPath();
        try {
            return Files.isDirectory(p) && (!Files.isWritable(p) || Files.getFileStore(p).isReadOnly());
        } catch (IOException e) {
            return false;
        }
    }

    /** The permissions of {@code dir} if it exists and others than its owner may use it, else null. */
    private static String openToOthers(File dir) {
        Set<PosixFilePermission> p;
        try {
            p = Files.getPosixFilePermissions(dir.toPath());
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
        return p.stream().anyMatch(OTHERS::contains) ? PosixFilePermissions.toString(p) : null;
    }
}
